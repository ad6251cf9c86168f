import Link from "next/link";

export default function NotFound() {
  return (
    <div className="stack">
      <h1>Page not found</h1>
      <p>
        There is no page at this address. Go to the <Link href="/categories">list of categories</Link>.
      </p>
    </div>
  );
}
