export declare function chunkIdentity(source: string): string;
export declare function loadIdenticalChunksOnce(chunksDir: string): { uninstall: () => void; sharedBytes: () => number };
