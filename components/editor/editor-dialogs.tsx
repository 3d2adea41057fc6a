"use client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export function DeleteFileDialog({ path, onDelete, onClose }: { path: string | null; onDelete: (path: string) => void; onClose: () => void }) {
  return (
    <Dialog open={path !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {path}?</DialogTitle>
          <DialogDescription>It is removed from the draft; until you save, you can restore it from the Deleted list.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button type="button" variant="destructive" onClick={() => path && onDelete(path)}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Asked when an in-app link would leave the editor with unsaved changes (see use-leave-guard.ts). */
export function LeaveDialog({ open, changeCount, onStay, onLeave }: { open: boolean; changeCount: number; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onStay())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave with unsaved changes?</DialogTitle>
          <DialogDescription>
            Your {changeCount === 1 ? "change is" : `${changeCount} changes are`} not saved as a version. This browser keeps a copy, and the editor offers it
            back when you return.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onStay}>
            Stay and keep editing
          </Button>
          <Button type="button" onClick={onLeave}>
            Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
