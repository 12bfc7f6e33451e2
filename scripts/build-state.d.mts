export declare const BUILD_OUTPUTS: string[];
export declare const isBuildInput: (file: string) => boolean;
export declare function staleBuild(root: string, inputs?: string[]): string | undefined;
