import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's name and mark (a brand, not translated). */
export function BrandMark() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          borderRadius: 1.5,
          background: 'linear-gradient(135deg, #2f5bea 0%, #0f9d8a 100%)',
          transform: 'rotate(45deg) scale(0.8)',
        }}
      />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        Facet
      </Typography>
    </Box>
  );
}
