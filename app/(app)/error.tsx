"use client";
import { TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        The page could not be loaded. Try again; if it keeps failing, tell an admin
        {error.digest ? (
          <>
            {" "}
            and quote <code className="font-mono">{error.digest}</code>
          </>
        ) : null}
        .
      </p>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
