import type { BlockProps } from "../../runtime/types";
import { jsonForScript } from "../_shared/jsonld";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The article's JSON-LD, one script per object (static: rendered on the server only). */
export default function ArticleStructuredData({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <>
      {data.objects.map((object, index) => (
        <script
          key={index}
          type="application/ld+json"
          data-structured-data={String(object["@type"])}
          dangerouslySetInnerHTML={{ __html: jsonForScript(object) }}
        />
      ))}
    </>
  );
}
