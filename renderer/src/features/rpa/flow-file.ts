import { exportFlow, type Flow } from '@facet/shared';

/** A flow's export file name: its name with what a file name cannot hold replaced. */
export const flowFileName = (name: string) => `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'flow'}.json`;

/** Saves a flow as a JSON download (what the import reads back). */
export function downloadFlow(name: string, flow: Flow): void {
  const url = URL.createObjectURL(new Blob([exportFlow(flow)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = flowFileName(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
