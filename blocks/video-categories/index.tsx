import type { BlockProps } from "../../runtime/types";
import { ChannelHeader, VideoRow } from "../_shared/VideoChannelUi";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The video categories page: its title, then one row of videos per category. */
export default function VideoCategories({ id, data }: BlockProps<Settings, Data>) {
  return (
    <>
      <ChannelHeader heading={{ title: data.title }} />
      {data.categories.map((category, i) => (
        <VideoRow key={i} id={`${id}-${i}`} title={category.title} link={category.link} items={category.items} />
      ))}
    </>
  );
}
