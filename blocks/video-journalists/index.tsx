import type { BlockProps } from "../../runtime/types";
import { ChannelSection, JournalistStrip } from "../_shared/VideoChannelUi";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The video journalists: photo and name, each linking to the journalist's page. */
export default function VideoJournalists({ id, data }: BlockProps<Settings, Data>) {
  return (
    <ChannelSection id={id} title={data.title}>
      <JournalistStrip journalists={data.journalists} />
    </ChannelSection>
  );
}
