import { OperationLogScreen } from './OperationLogScreen';

/** Logs → new: operations of the last 30 days. */
export default function NewOperationLogPage() {
  return <OperationLogScreen period="new" />;
}
