"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export interface PathRequest {
  title: string;
  description: string;
  submitLabel: string;
  initial: string;
  /** Why the path is refused, or null. */
  check: (path: string) => string | null;
  onSubmit: (path: string) => void;
}

/** Asks for a file path (new file, upload, rename or move), checking it with the format core's rules as it is typed. */
export function PathDialog({ request, onClose }: { request: PathRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>{request ? <PathForm key={request.title + request.initial} request={request} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function PathForm({ request, onClose }: { request: PathRequest; onClose: () => void }) {
  const [path, setPath] = useState(request.initial);
  const [touched, setTouched] = useState(false);
  const problem = request.check(path);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problem) return;
        request.onSubmit(path.trim());
        onClose();
      }}
    >
      <DialogHeader>
        <DialogTitle>{request.title}</DialogTitle>
        <DialogDescription>{request.description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="file-path">Path in the skill</Label>
        <Input
          id="file-path"
          value={path}
          autoFocus
          spellCheck={false}
          className="font-mono"
          aria-invalid={touched && problem ? true : undefined}
          aria-describedby="file-path-problem"
          onChange={(event) => {
            setPath(event.target.value);
            setTouched(true);
          }}
          onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
        />
        <p id="file-path-problem" className="min-h-5 text-sm text-destructive" role={touched && problem ? "alert" : undefined}>
          {touched && problem ? problem : null}
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={touched && problem !== null}>
          {request.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
