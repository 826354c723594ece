import type { BlockProps } from "../../runtime/types";
import { AdSlot } from "../_shared/AdSlot";
import { asDocument as readArticle } from "../../domain/ans";
import { isElections, isRecipe } from "../../domain/articles";
import { ElectionsBanner } from "./ElectionsBanner";
import { Widget, renderElement, safeUrl } from "./elements";
import { planBody } from "./insertions";
import { jsonForScript, recipeJsonLd } from "./recipe";
import { RelatedTags } from "./RelatedTags";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export function ArticleBody({ settings, context }: BlockProps<Settings, boolean>) {
  const article = readArticle(context.article);
  if (!article) return null;
  const elections = isElections(article);
  const plan = planBody(article.content_elements, settings.ads !== false);
  return (
    <div className={styles.body} data-article-body="">
      {elections ? (
        <>
          <RelatedTags article={article} />
          <ElectionsBanner imageUrl={safeUrl(settings.electionsBanner)} />
        </>
      ) : null}
      {plan.map((item, position) => {
        if ("element" in item) return renderElement(item.element, position);
        if ("ad" in item) return <AdSlot key={position} name={item.ad} />;
        return <Widget key={position} type={item.widget} />;
      })}
      {!elections && settings.showTags !== false ? <RelatedTags article={article} /> : null}
      {isRecipe(article) ? (
        <script type="application/ld+json" data-recipe="" dangerouslySetInnerHTML={{ __html: jsonForScript(recipeJsonLd(article)) }} />
      ) : null}
    </div>
  );
}
