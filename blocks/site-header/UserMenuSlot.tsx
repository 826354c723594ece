// The header's user menu. For now it renders the anonymous state of spec/articles.md §6
// (subscribe, create account, log in) from the brand's data; the accounts work replaces the
// contents of this component with the signed-in states. Keep the data-slot="user-menu" element.
import type { PageContext } from "../../runtime/types";
import type { Brand } from "../../brands";
import { MenuLink } from "./MenuLink";
import styles from "./styles.module.css";

export interface UserMenuSlotProps {
  brand: Brand;
  context: PageContext;
}

export function UserMenuSlot({ brand }: UserMenuSlotProps) {
  const { subscribe, register, login } = brand.account;
  return (
    <div data-slot="user-menu" className={styles.userMenu}>
      <MenuLink item={subscribe} className={styles.subscribe} />
      <MenuLink item={register} className={styles.register} />
      <MenuLink item={login} className={styles.login} />
    </div>
  );
}
