import { useCallback, useRef } from "react";
import type { UploadChoice } from "@/lib/types/uploads";
import type { PickedFolderFile } from "./collect-drop";
import { isRemoteArchive, postRemoteUpload, uploadToUploadthing } from "./remote-upload";
import { destinationFields, uploadForm } from "./upload-logic";
import { postUpload, type UploadAnswer, type UploadProgress } from "./upload-request";

export interface UploadInput {
  mode: "files" | "paste";
  files: File[];
  folder: PickedFolderFile[];
  text: string;
  destination: string;
}

/**
 * Sends the upload for a preview or a commit, directly or through uploadthing, one request at a
 * time: a new request or `cancel` aborts the one under way, which then answers null.
 */
export function useUploadRequest(remoteUploads: boolean) {
  const abort = useRef<AbortController | null>(null);
  // The uploadthing key of the file last uploaded there, so the commit does not upload it again.
  const remoteKey = useRef<{ file: File; key: string } | null>(null);

  const send = useCallback(
    async <T>(
      what: "preview" | "commit",
      input: UploadInput,
      choices: UploadChoice[] | undefined,
      onProgress: (progress: UploadProgress) => void,
    ): Promise<UploadAnswer<T> | null> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const { signal } = controller;
      // With uploadthing: one archive or SKILL.md file, not a folder or pasted text.
      const { mode, files, folder, destination } = input;
      const remoteFile = remoteUploads && mode === "files" && !folder.length && files.length === 1 && isRemoteArchive(files[0]) ? files[0] : null;
      try {
        if (!remoteFile) {
          const url = what === "preview" ? "/api/upload/preview" : "/api/upload/commit";
          return await postUpload<T>(url, uploadForm(input, choices ? { choices: JSON.stringify(choices) } : {}), { signal, onProgress });
        }
        let key = remoteKey.current?.file === remoteFile ? remoteKey.current.key : null;
        if (!key) {
          const uploaded = await uploadToUploadthing(remoteFile, { signal, onProgress });
          if (!uploaded.ok) return uploaded;
          remoteKey.current = { file: remoteFile, key: uploaded.key };
          key = uploaded.key;
        }
        onProgress({ loaded: 1, total: 1, sent: true });
        return await postRemoteUpload<T>({ key, name: remoteFile.name, commit: what === "commit", ...destinationFields(destination), choices }, signal);
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === "AbortError") return null;
        throw cause;
      }
    },
    [remoteUploads],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { send, cancel };
}
