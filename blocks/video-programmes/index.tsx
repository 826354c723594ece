import type { BlockProps } from "../../runtime/types";
import { ChannelSection, ProgrammeStrip } from "../_shared/VideoChannelUi";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The opinion programmes: icon and name, each linking to its programme page. */
export default function VideoProgrammes({ id, data }: BlockProps<Settings, Data>) {
  return (
    <ChannelSection id={id} title={data.title}>
      <ProgrammeStrip programmes={data.programmes} current={data.current} />
    </ChannelSection>
  );
}
