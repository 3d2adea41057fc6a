import { readFileSync, readdirSync, readlinkSync } from "node:fs";

/**
 * The pid of the process listening on `port` on this machine (Linux /proc): the listening
 * socket's inode from /proc/net/tcp{,6}, then the process holding that inode open.
 */
export function listeningPid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] is local address:port, cols[3] the state (0A = LISTEN), cols[9] the inode.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(target.replace(/^socket:\[(\d+)\]$/, "$1"))) return Number(pid);
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** Resident memory of a process, in bytes. */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}
