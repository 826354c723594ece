// The brand's public origin (https://www.semana.com): the address readers share and search engines
// index, whatever host served the page (structured data, share links).
import { getBrand } from "../../brands";

export function publicOrigin(brand: string): string {
  const hosts = getBrand(brand).hosts;
  return `https://${hosts.find((host) => host.startsWith("www.")) ?? hosts[hosts.length - 1]}`;
}
