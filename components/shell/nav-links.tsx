"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { GitPullRequestArrowIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const links: { href: string; label: string; className?: string }[] = [
  { href: "/skills", label: "Skills" },
  { href: "/playground", label: "Playground" },
  { href: "/teams", label: "Teams" },
  // From md up: below, the bar has no room for it beside Admin (the user menu carries it there).
  { href: "/sources", label: "Sources", className: "hidden md:inline-flex" },
];
// Instance admins only; from sm up (the user menu carries it on a phone).
const adminLink = { href: "/admin", label: "Admin", className: "hidden sm:inline-flex" };

const linkClass =
  "rounded-md px-1.5 py-1.5 text-sm font-medium sm:px-3 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50";

const isActive = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * `reviewCounts` is the review inbox's badge, rendered (and streamed) by the server layout so the
 * bar never waits for it and no client request can fail.
 */
export function NavLinks({ admin = false, reviewCounts }: { admin?: boolean; reviewCounts?: React.ReactNode }) {
  const pathname = usePathname();
  const reviewsActive = isActive(pathname, "/reviews");
  return (
    <nav aria-label="Main" className="flex min-w-0 items-center gap-0.5 sm:gap-1">
      {links.map((link) => {
        const active = isActive(pathname, link.href);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={cn(linkClass, active && "bg-accent text-foreground", link.className)}
          >
            {link.label}
          </Link>
        );
      })}
      {/* On a phone only the icon shows, the count on its corner: the bar has no room for another word. */}
      <Link
        href="/reviews"
        aria-current={reviewsActive ? "page" : undefined}
        className={cn(linkClass, "relative inline-flex shrink-0 items-center gap-1.5", reviewsActive && "bg-accent text-foreground")}
      >
        <GitPullRequestArrowIcon aria-hidden className="size-4 sm:hidden" />
        <span className="max-sm:sr-only">Reviews</span>
        {reviewCounts}
      </Link>
      {admin ? (
        <Link
          href={adminLink.href}
          aria-current={isActive(pathname, adminLink.href) ? "page" : undefined}
          className={cn(linkClass, isActive(pathname, adminLink.href) && "bg-accent text-foreground", adminLink.className)}
        >
          {adminLink.label}
        </Link>
      ) : null}
    </nav>
  );
}
