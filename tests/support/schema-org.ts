// The schema.org vocabulary of the types the site's JSON-LD uses: for each type, the property names
// schema.org defines for it, its own and those it inherits. A property outside this table is a typo
// or a name schema.org does not have (search engines ignore it silently), so the structured-data
// checker (./structured-data.ts) reports it.
//
// Source: the type pages of schema.org, version 29.0 (https://schema.org/NewsArticle,
// https://schema.org/LiveBlogPosting, https://schema.org/VideoObject, https://schema.org/BreadcrumbList,
// https://schema.org/Recipe, …), "Properties from …" tables. Inherited properties of Thing and
// CreativeWork are a subset: those a news page's data may carry, not every one schema.org lists.
// Add a property here, from its schema.org page, when the site starts writing it.

const THING = [
  "additionalType",
  "alternateName",
  "description",
  "disambiguatingDescription",
  "identifier",
  "image",
  "mainEntityOfPage",
  "name",
  "potentialAction",
  "sameAs",
  "subjectOf",
  "url",
];

const CREATIVE_WORK = [
  ...THING,
  "about",
  "abstract",
  "accessMode",
  "accessibilityFeature",
  "accountablePerson",
  "alternativeHeadline",
  "associatedMedia",
  "audience",
  "author",
  "citation",
  "comment",
  "commentCount",
  "conditionsOfAccess",
  "contentLocation",
  "contentRating",
  "contributor",
  "copyrightHolder",
  "copyrightNotice",
  "copyrightYear",
  "correction",
  "creativeWorkStatus",
  "creator",
  "dateCreated",
  "dateModified",
  "datePublished",
  "discussionUrl",
  "editor",
  "encoding",
  "expires",
  "funder",
  "genre",
  "hasPart",
  "headline",
  "inLanguage",
  "interactionStatistic",
  "isAccessibleForFree",
  "isBasedOn",
  "isFamilyFriendly",
  "isPartOf",
  "keywords",
  "license",
  "locationCreated",
  "mainEntity",
  "mentions",
  "position",
  "provider",
  "publisher",
  "sourceOrganization",
  "spatialCoverage",
  "sponsor",
  "temporalCoverage",
  "text",
  "thumbnail",
  "thumbnailUrl",
  "timeRequired",
  "translator",
  "version",
  "video",
];

const ARTICLE = [...CREATIVE_WORK, "articleBody", "articleSection", "backstory", "pageEnd", "pageStart", "pagination", "speakable", "wordCount"];
const NEWS_ARTICLE = [...ARTICLE, "dateline", "printColumn", "printEdition", "printPage", "printSection"];
const BLOG_POSTING = [...ARTICLE, "sharedContent"];
const MEDIA_OBJECT = [
  ...CREATIVE_WORK,
  "associatedArticle",
  "bitrate",
  "contentSize",
  "contentUrl",
  "duration",
  "embedUrl",
  "encodingFormat",
  "endTime",
  "height",
  "ineligibleRegion",
  "playerType",
  "productionCompany",
  "regionsAllowed",
  "requiresSubscription",
  "sha256",
  "startTime",
  "uploadDate",
  "width",
];
const ORGANIZATION = [...THING, "address", "email", "founder", "foundingDate", "legalName", "logo", "member", "parentOrganization", "telephone"];
const ITEM_LIST = [...THING, "itemListElement", "itemListOrder", "numberOfItems"];
const LIST_ITEM = [...THING, "item", "nextItem", "position", "previousItem"];
const HOW_TO = [...CREATIVE_WORK, "estimatedCost", "performTime", "prepTime", "step", "supply", "tool", "totalTime", "yield"];

/** Property names schema.org defines for each type the site writes. */
const SCHEMA_ORG_PROPERTIES: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries({
    NewsArticle: NEWS_ARTICLE,
    ReportageNewsArticle: NEWS_ARTICLE,
    OpinionNewsArticle: NEWS_ARTICLE,
    Article: ARTICLE,
    BlogPosting: BLOG_POSTING,
    LiveBlogPosting: [...BLOG_POSTING, "coverageEndTime", "coverageStartTime", "liveBlogUpdate"],
    VideoObject: [...MEDIA_OBJECT, "actor", "caption", "director", "embeddedTextCaption", "musicBy", "transcript", "videoFrameSize", "videoQuality"],
    ImageObject: [...MEDIA_OBJECT, "caption", "embeddedTextCaption", "exifData", "representativeOfPage"],
    BreadcrumbList: ITEM_LIST,
    ListItem: LIST_ITEM,
    Person: [...THING, "affiliation", "email", "familyName", "givenName", "jobTitle", "knowsAbout", "worksFor"],
    Organization: ORGANIZATION,
    NewsMediaOrganization: [
      ...ORGANIZATION,
      "actionableFeedbackPolicy",
      "correctionsPolicy",
      "diversityPolicy",
      "ethicsPolicy",
      "masthead",
      "missionCoveragePrioritiesPolicy",
      "noBylinesPolicy",
      "ownershipFundingInfo",
      "unnamedSourcesPolicy",
      "verificationFactCheckingPolicy",
    ],
    WebPage: [
      ...CREATIVE_WORK,
      "breadcrumb",
      "lastReviewed",
      "mainContentOfPage",
      "primaryImageOfPage",
      "relatedLink",
      "reviewedBy",
      "significantLink",
      "speakable",
      "specialty",
    ],
    WebPageElement: [...CREATIVE_WORK, "cssSelector", "xpath"],
    Recipe: [
      ...HOW_TO,
      "cookTime",
      "cookingMethod",
      "nutrition",
      "recipeCategory",
      "recipeCuisine",
      "recipeIngredient",
      "recipeInstructions",
      "recipeYield",
      "suitableForDiet",
    ],
    HowToStep: [...CREATIVE_WORK, ...LIST_ITEM, "itemListElement", "itemListOrder", "numberOfItems"],
  }).map(([type, properties]) => [type, new Set(properties)]),
);

/** JSON-LD keywords any object may carry. */
const KEYWORDS = new Set(["@context", "@type", "@id"]);

/**
 * Property names of `value` (and of every object inside it) that schema.org does not define for
 * the object's type, and types the table does not know: "NewsArticle.autor", "tipo desconocido Foo".
 */
export function vocabularyProblems(value: unknown, where = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => vocabularyProblems(item, `${where}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const object = value as Record<string, unknown>;
  const type = object["@type"];
  const problems: string[] = [];
  const allowed = typeof type === "string" ? SCHEMA_ORG_PROPERTIES[type] : undefined;
  const at = where || String(type);
  if (typeof type === "string" && !allowed) problems.push(`${at}: tipo de schema.org desconocido ${type}`);
  for (const [key, inner] of Object.entries(object)) {
    if (allowed && !KEYWORDS.has(key) && !allowed.has(key)) problems.push(`${at}: schema.org no define ${type}.${key}`);
    problems.push(...vocabularyProblems(inner, `${at}.${key}`));
  }
  return problems;
}
