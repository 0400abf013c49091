import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DownloadIcon from '@mui/icons-material/Download';
import ListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { useRpaFlow, useSaveRpaFlow } from '../../queries/rpa';
import { notifySuccess } from '../../stores/notice';
import { FlowEditor } from './editor/FlowEditor';
import { JsonEditor } from './editor/JsonEditor';
import { checkFlow, nodesToFlow, placeErrors, type StepErrors, type StepNode, toNodes } from './editor/step-model';
import { useErrorText } from './error-text';
import { downloadFlow } from './flow-file';

/** Reads the JSON view back into steps, or says why it cannot. */
function fromJson(text: string): { nodes: StepNode[] } | { error: string } {
  try {
    const v = JSON.parse(text) as { steps?: unknown };
    if (!v || !Array.isArray(v.steps)) return { error: 'rpaFlowNotJson' };
    return { nodes: toNodes(v.steps) };
  } catch {
    return { error: 'rpaFlowNotJson' };
  }
}

/** RPA → a flow: its steps edited in a list (or as JSON), checked by the shared flow schema, saved. */
export default function FlowEditorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const flow = useRpaFlow(id);
  const save = useSaveRpaFlow();
  const [nodes, setNodes] = useState<StepNode[] | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<StepErrors>({});
  const [json, setJson] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState<string>();

  useEffect(() => {
    if (flow.data && nodes === null) {
      setNodes(toNodes(flow.data.flow.steps));
      setName(flow.data.name);
    }
  }, [flow.data, nodes]);
  const change = useCallback((next: (n: StepNode[]) => StepNode[]) => setNodes((n) => next(n ?? [])), []);

  if (flow.isError) return <Alert severity="error">{t('rpa.flows.loadFailed')}</Alert>;
  if (!nodes)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('rpa.loading')} />
      </Box>
    );

  /** The steps as they stand: the JSON view read back when it is open. */
  const current = (): StepNode[] | null => {
    if (json === null) return nodes;
    const r = fromJson(json);
    if ('error' in r) {
      setJsonError(errorText(r.error));
      return null;
    }
    return r.nodes;
  };
  const toggleJson = () => {
    if (json === null) {
      setJson(JSON.stringify(nodesToFlow(nodes), null, 2));
      setJsonError(undefined);
      return;
    }
    const next = current();
    if (!next) return;
    setNodes(next);
    setJson(null);
  };
  const onSave = async () => {
    const list = current();
    if (!list) return;
    if (json !== null) {
      setNodes(list);
      setJson(null);
    }
    const checked = checkFlow(list);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id, body: { name, flow: checked.flow } });
      notifySuccess(t('rpa.editor.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(placeErrors(e.errors));
    }
  };
  const nameError = errors['']?.name;
  const { name: _n, ...flowLevel } = errors[''] ?? {};
  const shown = { ...errors, '': flowLevel };

  return (
    <Box sx={{ maxWidth: 960, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/rpa/flows')} data-testid="flow-back">
          {t('rpa.flows.title')}
        </Button>
        <TextField
          size="small"
          label={t('rpa.flows.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!nameError}
          helperText={errorText(nameError)}
          sx={{ flex: 1, minWidth: 200 }}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'flow-name' } }}
        />
        <Button
          startIcon={json === null ? <DataObjectIcon /> : <ListIcon />}
          onClick={toggleJson}
          data-testid="flow-json-toggle"
        >
          {json === null ? t('rpa.editor.showJson') : t('rpa.editor.showSteps')}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => downloadFlow(name, nodesToFlow(nodes) as never)}
          data-testid="flow-export"
        >
          {t('rpa.flows.export')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={save.isPending} data-testid="flow-save">
          {t('rpa.editor.save')}
        </Button>
      </Stack>
      {json === null ? (
        <FlowEditor nodes={nodes} onChange={change} errors={shown} />
      ) : (
        <JsonEditor text={json} onChange={setJson} error={jsonError} />
      )}
    </Box>
  );
}
