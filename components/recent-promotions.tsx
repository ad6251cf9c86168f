import Link from "next/link";
import { count } from "@/lib/shared/plural";
import type { Promotion } from "@/lib/shared/promotion-schemas";

const STATE_WORDS = {
  preview: "Starting",
  running: "Running",
  paused: "Paused",
  cancelled: "Cancelled",
  finished: "Finished",
} as const;

/** The latest promotions, newest first, each linking to its page. */
export function RecentPromotions({ promotions }: { promotions: readonly Promotion[] }) {
  return (
    <section aria-labelledby="recent-promotions" className="stack">
      <h2 id="recent-promotions">Recent promotions</h2>
      {promotions.length === 0 ? (
        <p className="muted">No promotions yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Recent promotions" tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Running and recent promotions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((promotion) => (
                <tr key={promotion.id}>
                  <td>
                    <Link href={`/promotions/${promotion.id}`}>
                      {count(promotion.counts.rows, "category", "categories")} from {promotion.from} to {promotion.to}
                    </Link>
                  </td>
                  <td>{promotion.createdBy}</td>
                  <td>
                    <time dateTime={promotion.createdAt}>{promotion.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
                  </td>
                  <td>{STATE_WORDS[promotion.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
