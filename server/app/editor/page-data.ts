// The page the editor edits and what the editor's API sends beside it (the blocks' schemas, the
// validator's problems), shared by the page editor's parts.
import type { RJSFSchema } from "@rjsf/utils";

export type Page = {
  layout?: string;
  route?: string;
  template?: string;
  brand?: string;
  outputType?: string;
  regions: Record<string, Block[]>;
  [key: string]: unknown;
};
export type Block = { type: string; id: string; settings?: Record<string, unknown>; [key: string]: unknown };
export interface Problem {
  pointer: string;
  message: string;
  line: number;
  column: number;
  file: string;
  value?: unknown;
}
export interface Schemas {
  layouts: Record<string, string[]>;
  sources: string[];
  blocks: Array<{ type: string; title: string; description: string; outputTypes: string[]; schema: RJSFSchema }>;
}

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Where the block with this id is: its region and its index there, or null. */
export function findBlock(page: Page, regions: string[], id: string) {
  for (const region of regions) {
    const index = (page.regions[region] ?? []).findIndex((block) => block.id === id);
    if (index >= 0) return { region, index };
  }
  return null;
}
