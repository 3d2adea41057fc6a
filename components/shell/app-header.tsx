"use client";
import Link from "next/link";
import { Logo } from "@/components/shell/logo";
import { NavLinks } from "@/components/shell/nav-links";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { UserMenu } from "@/components/shell/user-menu";

/**
 * The signed-in app's skip link and header bar. A client component given the viewer's name and role:
 * every page's payload carries those instead of the bar's tree (logo, links, icons), which it would
 * otherwise encode and decode again on every view. The review badge and the bell's count stream in
 * from the server through `reviewCounts` and `bell`.
 */
export function AppHeader({
  admin,
  name,
  email,
  reviewCounts,
  bell,
}: {
  admin: boolean;
  name: string;
  email: string;
  reviewCounts: React.ReactNode;
  bell: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        {/* At phone width (390 px) the mark, three links, the review icon and two buttons fit only with the name hidden and tighter gaps. */}
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
          <Link href="/skills" className="shrink-0 rounded-md outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
            <Logo compactOnPhone />
          </Link>
          <NavLinks admin={admin} reviewCounts={reviewCounts} />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            {bell}
            <ThemeToggle />
            <UserMenu name={name} email={email} admin={admin} />
          </div>
        </div>
      </header>
    </>
  );
}
