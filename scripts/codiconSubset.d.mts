// Types of scripts/codiconSubset.mjs, which esbuild.mjs runs as plain JavaScript and the tests import.
import type { Plugin } from 'esbuild';

export declare const codiconListFile: string;
export declare class CodiconSubsetError extends Error {}
export declare function readCodiconStylesheet(css?: string): { head: string; codePoints: Map<string, number> };
export declare function readCodiconList(file?: string): Promise<readonly string[]>;
export declare function subsetCodicons(names: readonly string[]): Promise<{ css: string; font: Buffer }>;
export declare function codiconSubsetPlugin(): Plugin;
