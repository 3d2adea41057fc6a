"use client";
import { useRef, useState } from "react";
import type { FileUIPart } from "ai";
import { admitFiles, filePart, readAsDataUrl } from "./attachments";

export interface LocalAttachment {
  key: string;
  name: string;
  size: number;
  mediaType: string;
  dataUrl: string;
}

/** The composer's attachments: what is picked for the next message, and why a file was refused. */
export function useAttachments() {
  const [items, setItems] = useState<LocalAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Picks can overlap (a drop while a pick is still being read): admit against what is already taken.
  const taken = useRef<LocalAttachment[]>([]);
  const serial = useRef(0);

  function commit(next: LocalAttachment[]) {
    taken.current = next;
    setItems(next);
  }

  async function add(files: FileList | readonly File[]) {
    const { accepted, problems: refused } = admitFiles(taken.current, Array.from(files));
    const reserved = accepted.map((file) => ({ key: `a${serial.current++}`, name: file.name, size: file.size, mediaType: file.type, dataUrl: "" }));
    taken.current = [...taken.current, ...reserved];
    const unreadable: string[] = [];
    const read = await Promise.all(
      accepted.map(async (file, i) => {
        try {
          return { ...reserved[i], dataUrl: await readAsDataUrl(file) };
        } catch {
          unreadable.push(`"${file.name}" could not be read.`);
          return null;
        }
      }),
    );
    const keys = new Set(reserved.map((r) => r.key));
    commit([...taken.current.filter((a) => !keys.has(a.key)), ...read.filter((a): a is LocalAttachment => a !== null)]);
    setProblems([...refused, ...unreadable]);
  }

  function remove(key: string) {
    commit(taken.current.filter((a) => a.key !== key));
    setProblems([]);
  }

  /** The file parts of the message being sent; the composer is empty afterwards. */
  function take(): FileUIPart[] {
    const parts = taken.current.filter((a) => a.dataUrl !== "").map((a) => filePart(a.name, a.mediaType, a.dataUrl));
    commit([]);
    setProblems([]);
    return parts;
  }

  return { items: items.filter((a) => a.dataUrl !== ""), problems, add, remove, take, dismiss: () => setProblems([]) };
}
