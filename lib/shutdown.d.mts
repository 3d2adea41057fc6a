export declare function onShutdown(name: string, hook: () => unknown, phase?: "stop" | "close"): void;
export declare function isShuttingDown(): boolean;
export declare function beginShutdown(): void;
export declare function runShutdownHooks(options?: { timeoutMs?: number; log?: (line: string) => void }): Promise<void>;
