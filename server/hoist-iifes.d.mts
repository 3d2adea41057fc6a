export declare function hoistIifes(source: string): { code: string; hoisted: number };
