import { Button, Group, Input, Stack } from '@mantine/core';
import { type PointerEvent, useCallback, useEffect, useRef } from 'react';

const WIDTH = 600;
const HEIGHT = 200;

interface SignaturePadProps {
  /**
   * Called at the end of each stroke with the drawing as a PNG to come (encoding takes a moment, and
   * a Save tapped at once must still get it), or with null once cleared.
   */
  onChange: (signature: Promise<Blob | null> | null) => void;
}

/**
 * A signature drawn with a finger, a pen or a mouse (pointer events), kept as a PNG of black strokes.
 * The drawing surface stays white in both colour schemes, as the paper it stands for.
 */
export function SignaturePad({ onChange }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  const context = useCallback(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return null;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#000000';
    return context;
  }, []);

  useEffect(() => {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
  }, [context]);

  /** The pointer's place in the canvas's own pixels, whatever size it is shown at. */
  function pointOf(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    const pen = context();
    if (!pen) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = pointOf(event);
    pen.beginPath();
    pen.moveTo(x, y);
    // A tap leaves a dot.
    pen.lineTo(x + 0.1, y + 0.1);
    pen.stroke();
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const pen = context();
    if (!pen) return;
    const { x, y } = pointOf(event);
    pen.lineTo(x, y);
    pen.stroke();
    drawn.current = true;
  }

  function end() {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    const canvas = canvasRef.current;
    if (!canvas) return;
    onChange(new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png')));
  }

  function clear() {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    onChange(null);
  }

  return (
    <Stack gap={4}>
      <Input.Label id="signature-pad-label">Signature</Input.Label>
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby="signature-pad-label"
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          background: '#ffffff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <Group justify="space-between" gap="xs">
        <Input.Description>Ask the receiver to sign in the box.</Input.Description>
        <Button variant="default" size="xs" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Stack>
  );
}
