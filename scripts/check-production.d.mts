export declare const PRODUCTION_START: string[];
export declare function checkProduction(options: { root: string; postgres?: boolean }): Promise<string>;
