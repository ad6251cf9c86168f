import type { ReactNode, Ref } from "react";

type AlertProps = { title: string; children?: ReactNode; ref?: Ref<HTMLDivElement> };

export function Alert({ title, children, ref }: AlertProps) {
  return (
    <div role="alert" className="alert" tabIndex={-1} ref={ref}>
      <h2 className="alert-title">{title}</h2>
      {children}
    </div>
  );
}
