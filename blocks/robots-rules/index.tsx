/** An output block: the robots renderer (server/outputs) writes its data; it draws nothing. */
export default function RobotsRules() {
  return null;
}
