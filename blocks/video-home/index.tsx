import type { BlockProps } from "../../runtime/types";
import { ChannelSection, FeaturedVideo, JournalistStrip, ProgrammeStrip, VideoRow } from "../_shared/VideoChannelUi";
import type { Data, HomeRowData } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

function Row({ id, row }: { id: string; row: HomeRowData }) {
  switch (row.kind) {
    case "featured":
      return (
        <ChannelSection id={id} title={row.title} link={row.link}>
          <FeaturedVideo id={id} lead={row.lead} latest={row.latest} latestTitle={row.latestTitle} headingLevel={3} />
        </ChannelSection>
      );
    case "journalists":
      return (
        <ChannelSection id={id} title={row.title}>
          <JournalistStrip journalists={row.journalists} />
        </ChannelSection>
      );
    case "programmes":
      return (
        <ChannelSection id={id} title={row.title} link={row.link}>
          <ProgrammeStrip programmes={row.programmes} />
        </ChannelSection>
      );
    case "categories":
      return (
        <ChannelSection id={id} title={row.title} link={row.link}>
          {row.categories.map((category, j) => (
            <VideoRow key={j} id={`${id}-${j}`} title={category.title} link={category.link} items={category.items} headingLevel={3} />
          ))}
        </ChannelSection>
      );
    case "videos":
      return <VideoRow id={id} title={row.title} link={row.link} items={row.items} />;
  }
}

/** The video home: the rows of the channel's navigation tree, the journalists after the first two. */
export default function VideoHome({ id, data }: BlockProps<Settings, Data>) {
  return (
    <div className={styles.home}>
      {data.rows.map((row, i) => (
        <Row key={i} id={`${id}-${i}`} row={row} />
      ))}
    </div>
  );
}
