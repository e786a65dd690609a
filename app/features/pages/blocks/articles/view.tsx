// The latest articles block: the newest articles of a category (or the ones chosen) as cards.
import { ArticleCard, toArticleCard } from "~/features/publishing/components/article-card";
import type { PlacedArticle } from "~/features/publishing/public-reader.server";
import { Section } from "../block-section";
import type { BlockOf, BlockView, BlockViewProps } from "../block-view";

export type ArticlesBlockData = { articles: PlacedArticle[]; readMoreText: string };

/** The articles a block shows: the chosen ones, or the three newest of its category. */
const pickArticles = (block: BlockOf<"articles">, { articles }: ArticlesBlockData) =>
  block.chosen.length
    ? articles.filter((article) => block.chosen.includes(article.id))
    : articles
        .filter((article) => !block.category || article.category === block.category)
        .slice(0, 3);

function ArticlesBlock({ block, data }: BlockViewProps<"articles", ArticlesBlockData>) {
  return (
    <Section id={`block-${block.id}`} heading={block.heading} tone="slate">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {pickArticles(block, data).map((article) => (
          <ArticleCard
            key={article.id}
            article={toArticleCard(article)}
            readMoreText={data.readMoreText}
          />
        ))}
      </div>
    </Section>
  );
}

export const articlesView = {
  View: ArticlesBlock,
  hasContent: (block, data) => pickArticles(block, data).length > 0,
  script: false,
} satisfies BlockView<"articles", ArticlesBlockData>;
