// A started `npm start` is a tree of processes (the supervisor, next-server, anything they spawn).
// The start-path tests and the load benchmark find next-server in it and weigh it, from /proc.
import { readFileSync, readdirSync } from "node:fs";

export type Proc = { pid: number; ppid: number; rssKb: number; command: string };

function readProc(pid: number): Proc | null {
  try {
    // The command name in /proc/<pid>/stat is in parentheses and may hold spaces: split after it.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0+$/, "").replaceAll("\0", " ");
    return { pid, ppid, rssKb, command };
  } catch {
    return null; // gone between listing and reading
  }
}

/** The process `root` and every live descendant of it, root first. */
export function processTree(root: number): Proc[] {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((proc): proc is Proc => proc !== null);
  const tree = all.filter((proc) => proc.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((proc) => proc.ppid === tree[i].pid));
  return tree;
}

/** next-server names itself in its title ("next-server (v16…)"), whatever launched it. */
export function findNextServer(root: number): Proc | undefined {
  return processTree(root).find((proc) => proc.command.startsWith("next-server"));
}
