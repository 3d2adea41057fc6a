import Link from "next/link";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center px-4 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Nothing on this shelf</h1>
      <p className="mt-2 text-sm text-muted-foreground">This page does not exist, or you don&apos;t have access to it.</p>
      <Button asChild className="mt-6">
        <Link href="/skills">Back to skills</Link>
      </Button>
    </div>
  );
}
