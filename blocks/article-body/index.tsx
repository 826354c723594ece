import type { BlockProps } from "../../runtime/types";
import { ElectionsBanner } from "./ElectionsBanner";
import { renderItem } from "./elements";
import type { Data } from "./index.server";
import { jsonForScript, PAYWALLED_CLASS } from "../_shared/jsonld";
import { LiveTimeline } from "./LiveTimeline";
import { PaywallNotice } from "./PaywallNotice";
import { RelatedTags } from "./RelatedTags";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/**
 * The article's body (docs/article-pages.md#content-elements), from the data its server half read
 * from the article: the body items in order (ads and widgets included), the related tags (above the
 * body on elections articles, with the banner) and a recipe's structured data.
 */
export default function ArticleBody({ id, data }: BlockProps<Settings, Data>) {
  if (!data) return null;
  const { body, tags, elections, recipe, paywall, paywalled, timeline, house } = data;
  return (
    <div className={paywalled ? `${styles.body} ${PAYWALLED_CLASS}` : styles.body} data-article-body="">
      {elections ? (
        <>
          <RelatedTags tags={tags} />
          <ElectionsBanner href={elections.href} imageUrl={elections.bannerImage} />
        </>
      ) : null}
      {body.map((item, position) => renderItem(item, position, house))}
      {timeline ? <LiveTimeline timeline={timeline} id={id} house={house} /> : null}
      {paywall ? <PaywallNotice notice={paywall} /> : null}
      {!elections ? <RelatedTags tags={tags} /> : null}
      {recipe ? <script type="application/ld+json" data-recipe="" dangerouslySetInnerHTML={{ __html: jsonForScript(recipe) }} /> : null}
    </div>
  );
}
