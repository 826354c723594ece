import type { BlockProps } from "../../runtime/types";
import { ChannelHeader, ChannelSection, VideoGrid } from "../_shared/VideoChannelUi";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** A grid of videos with its 'Más videos' button ('Últimos videos', 'Otros videos'). */
export default function VideoList({ id, pageId, data }: BlockProps<Settings, Data>) {
  return (
    <>
      {data.heading && <ChannelHeader heading={data.heading} />}
      <ChannelSection id={id} title={data.title}>
        <VideoGrid pageId={pageId} blockId={id} initial={data} moreLabel={data.moreLabel} />
      </ChannelSection>
    </>
  );
}
