export declare const ROOT: string;
export declare const WEB_DIR: string;
export declare const WEB_DIST: string;
export declare const WEB_INPUTS: string[];
export declare function newestMtime(target: string): number;
export declare function isBuildStale(dist?: string, inputs?: string[]): boolean;
export declare function buildWeb(options?: { dist?: string }): Promise<void>;
export declare function ensureWebBuild(options?: { log?: (line: string) => void }): Promise<boolean>;
