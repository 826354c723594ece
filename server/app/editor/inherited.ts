// The blocks the edited page inherits from its layout's files (docs/decisions/0074-layouts-own-the-shared-blocks.md),
// as the editor's API names them (each with its file inside page-definitions/), and each of the page's
// blocks as it is served: what a block with an inherited block's id leaves out, it takes from that one.
import { useEffect, useState } from "react";
import { inheritedById, type InheritedRegions } from "../../../runtime/inherited-blocks";
import type { Block } from "./page-data";

export interface Inherited {
  layout?: string;
  regions: InheritedRegions;
}

const NOTHING: Inherited = { regions: {} };

/** What the file inherits, as the files are when it opens (GET /_editor/api/heredados). */
export function useInherited(file: string): Inherited {
  const [inherited, setInherited] = useState<Inherited>(NOTHING);
  useEffect(() => {
    fetch(`/_editor/api/heredados?file=${encodeURIComponent(file)}`)
      .then((response) => response.json())
      .then((answer) => setInherited(answer?.regions ? answer : NOTHING))
      .catch(() => setInherited(NOTHING));
  }, [file]);
  return inherited;
}

/** The block as it is served: its type and settings, when it leaves them out, those of the inherited block of its id. */
export function servedBlock(block: Block, inherited: Inherited): Block {
  const base = inheritedById(inherited.regions).get(block.id);
  if (!base) return block;
  return { ...block, type: block.type ?? base.type, settings: block.settings ?? base.settings };
}
