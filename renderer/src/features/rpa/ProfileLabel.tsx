import Typography from '@mui/material/Typography';

/** A profile by its name, with its id under it (the id alone when the name is not known). */
export function ProfileLabel({ id, names }: { id: number; names: ReadonlyMap<number, string> | undefined }) {
  const name = names?.get(id);
  return (
    <>
      {name && (
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
      )}
      <Typography variant={name ? 'caption' : 'body2'} color={name ? 'text.secondary' : undefined} component="div">
        #{id}
      </Typography>
    </>
  );
}
