export declare const RUNTIMES: string[];
export declare function preparedDir(distDir: string): string;
export declare function prepareNextRuntimes(root: string, distDir: string): Promise<{ made: string[]; failed: { name: string; error: string }[] }>;
export declare function loadPreparedNextRuntimes(root: string, distDir: string): { asInstalled: string[]; loadedCopies: () => string[]; uninstall: () => void };
