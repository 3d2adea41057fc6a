export declare const PEER_HEADER = "x-skillshelf-peer";
export type TrustedProxies = readonly string[];
export declare function proxyEntries(value: string): string[];
export declare function normalizeAddress(address: string): string;
export declare function isProxyEntry(entry: string): boolean;
export declare function isTrustedProxy(address: string, proxies: TrustedProxies): boolean;
export declare function clientAddress(input: { peer: string | undefined; forwardedFor: string | null; realIp: string | null }, proxies: TrustedProxies): string;
export declare function requestAddress(headers: Pick<Headers, "get"> | undefined, proxies: TrustedProxies): string;
