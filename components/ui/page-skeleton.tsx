export function PageSkeleton({ heading, bars, narrow = false }: { heading: string; bars: number; narrow?: boolean }) {
  return (
    <div className={narrow ? "stack narrow" : "stack"} aria-busy="true">
      <h1>{heading}</h1>
      <p role="status" className="visually-hidden">
        Loading…
      </p>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: bars }, (_, index) => (
          <div key={index} className="skeleton-bar" />
        ))}
      </div>
    </div>
  );
}
