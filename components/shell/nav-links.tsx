"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const links: { href: string; label: string; className?: string }[] = [
  { href: "/skills", label: "Skills" },
  { href: "/playground", label: "Playground" },
  { href: "/teams", label: "Teams" },
];
// Instance admins only; from sm up, since a phone's bar has no room for a fourth link (the user
// menu carries it there).
const adminLink = { href: "/admin", label: "Admin", className: "hidden sm:inline-flex" };

export function NavLinks({ admin = false }: { admin?: boolean }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex min-w-0 items-center gap-0.5 sm:gap-1">
      {(admin ? [...links, adminLink] : links).map((link) => {
        const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-md px-2 py-1.5 text-sm font-medium sm:px-3 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
              active && "bg-accent text-foreground",
              link.className,
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
