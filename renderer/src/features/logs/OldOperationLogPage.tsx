import { OperationLogScreen } from './OperationLogScreen';

/** Logs → old: operations older than 30 days. */
export default function OldOperationLogPage() {
  return <OperationLogScreen period="old" />;
}
