/** Rendered Markdown (already sanitised: raw HTML is dropped when it is rendered). */
export default function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={`prose${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
