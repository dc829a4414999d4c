// Types of build.mjs for the TypeScript that imports it (the benchmarks, the browser journeys' stack).
export declare const runtimeFlags: string[];
export declare const serverArgs: string[];
export declare function buildServer(): Promise<void>;
