"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const TABS = [
  { href: "/admin", label: "Users" },
  { href: "/admin/audit", label: "Audit trail" },
  { href: "/admin/settings", label: "Settings" },
];

/** The console's sections as links (each is its own page, so filters and pages live in the URL). */
export function AdminTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Administration" className="mb-6 inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
      {TABS.map((tab) => {
        const active = tab.href === "/admin" ? pathname === "/admin" : pathname.startsWith(tab.href);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-3 focus-visible:ring-ring/50",
              active ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
