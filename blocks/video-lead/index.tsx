import type { BlockProps } from "../../runtime/types";
import { ChannelHeader, FeaturedVideo } from "../_shared/VideoChannelUi";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The head of a channel page: its name, the lead video with its player and 'Lo último'. */
export default function VideoLead({ id, data }: BlockProps<Settings, Data>) {
  return (
    <>
      {data.heading && <ChannelHeader heading={data.heading} />}
      {data.lead && <FeaturedVideo id={id} lead={data.lead} latest={data.latest} latestTitle={data.latestTitle} />}
    </>
  );
}
