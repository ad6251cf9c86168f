import { useEffect } from "react";
import { guardLeaving } from "./guard-leaving";

export function useConfirmLeave(active: boolean, message: string): void {
  useEffect(() => (active ? guardLeaving(message) : undefined), [active, message]);
}
