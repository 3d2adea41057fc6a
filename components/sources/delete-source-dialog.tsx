"use client";
import { useRouter } from "next/navigation";
import { Trash2Icon } from "lucide-react";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { Button } from "@/components/ui/button";
import { deleteSourceAction } from "@/lib/actions/sources";

/** Delete a source; its skills stay as normal skills. The sources list opens after. */
export function DeleteSourceDialog({ source }: { source: { id: string; url: string; skillCount: number } }) {
  const router = useRouter();
  const skills =
    source.skillCount === 0
      ? "It has no skills."
      : `Its ${source.skillCount === 1 ? "skill stays" : `${source.skillCount} skills stay`} as normal skills you edit here; their versions keep the commit they came from.`;
  return (
    <ConfirmFormDialog
      trigger={
        <Button variant="destructive">
          <Trash2Icon aria-hidden /> Delete source
        </Button>
      }
      title="Delete this source?"
      description={`Syncs and the webhook of ${source.url} stop. ${skills}`}
      action={deleteSourceAction}
      fields={{ sourceId: source.id }}
      submit="Delete source"
      onSuccess={() => router.push("/sources")}
    />
  );
}
