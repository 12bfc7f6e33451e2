import { Alert, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { PHONE_PHOTO_MAX_PX } from '@waybill/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fitWithin } from './phone-photo-plan.ts';
import { encodePhoto, shrinkPhoto } from './shrink-photo.ts';

interface ProofPhotoProps {
  photo: Blob | null;
  onChange: (photo: Blob | null) => void;
  /** What the preview shows: a delivery's photo unless told otherwise. */
  alt?: string;
  /**
   * Shrink the photo to what a phone sends (PHONE_PHOTO_MAX_PX, WebP) before handing it on, so the preview
   * shows what will be uploaded. Off where the form uploads at once over a good connection.
   */
  shrink?: boolean;
  /** Told while a chosen photo is being shrunk, so the form can wait for it before saving. */
  onPreparing?: (preparing: boolean) => void;
}

/** Longest side of a snapshot: the server keeps 1600 px, so more only costs upload time. */
const SNAPSHOT_MAX_PX = 1600;

/**
 * A photo of the hand-over (or of a failed attempt's door): the rear camera with "Take photo" (a snapshot of the video through a
 * canvas), or a file from the phone's camera app or the gallery where the camera cannot start (a file
 * input with `capture`, which opens the camera app on phones).
 */
export function ProofPhoto({
  photo,
  onChange,
  alt = 'Photo of the delivery',
  shrink = false,
  onPreparing,
}: ProofPhotoProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const fileId = useId();
  // The last photo chosen wins: one still being shrunk when another is chosen is dropped.
  const chosen = useRef(0);

  async function accept(next: Blob | Promise<Blob | null>, sized = false) {
    const turn = ++chosen.current;
    setPreparing(true);
    onPreparing?.(true);
    try {
      const ready = await next;
      const sent = ready && shrink && !sized ? await shrinkPhoto(ready) : ready;
      if (turn === chosen.current && sent) onChange(sent);
    } finally {
      if (turn === chosen.current) {
        setPreparing(false);
        onPreparing?.(false);
      }
    }
  }

  const stopCamera = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCameraOn(false);
  }, []);

  // The camera is released when the form closes.
  useEffect(() => stopCamera, [stopCamera]);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  async function startCamera() {
    setProblem(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream.current = media;
      setCameraOn(true);
      if (videoRef.current) {
        videoRef.current.srcObject = media;
        await videoRef.current.play().catch(() => undefined);
      }
    } catch {
      setProblem('The camera could not start. Choose a photo below instead.');
    }
  }

  // The video element appears with the camera: attach the stream once it exists.
  useEffect(() => {
    if (cameraOn && videoRef.current && stream.current && videoRef.current.srcObject !== stream.current) {
      videoRef.current.srcObject = stream.current;
      void videoRef.current.play().catch(() => undefined);
    }
  }, [cameraOn]);

  // Removed while another was being prepared: that one is dropped too.
  function removePhoto() {
    chosen.current++;
    setPreparing(false);
    onPreparing?.(false);
    onChange(null);
  }

  function takePhoto() {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const { width, height } = fitWithin(
      video.videoWidth,
      video.videoHeight,
      shrink ? PHONE_PHOTO_MAX_PX : SNAPSHOT_MAX_PX,
    );
    const snapshot = shrink
      ? encodePhoto(video, width, height)
      : new Promise<Blob | null>((resolve) => {
          const canvas = Object.assign(document.createElement('canvas'), { width, height });
          canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
          canvas.toBlob(resolve, 'image/jpeg', 0.85);
        });
    // A snapshot is already at the size it travels at: drawn once, encoded once.
    void accept(snapshot, true).finally(stopCamera);
  }

  return (
    <Stack gap="xs">
      <Input.Label>Photo</Input.Label>
      {preparing ? (
        <Text size="sm" c="dimmed" role="status">
          Preparing the photo…
        </Text>
      ) : null}
      {preview ? <Image src={preview} alt={alt} maw={320} radius="sm" data-testid="proof-photo-preview" /> : null}
      {cameraOn ? (
        <video ref={videoRef} muted playsInline style={{ width: '100%', maxWidth: 320 }} aria-label="Camera" />
      ) : null}
      {problem ? (
        <Alert color="yellow" variant="light">
          {problem}
        </Alert>
      ) : null}
      <Group gap="xs">
        {cameraOn ? (
          <>
            <Button leftSection={<IconCamera size={16} aria-hidden />} onClick={takePhoto}>
              Take photo
            </Button>
            <Button variant="default" onClick={stopCamera}>
              Stop camera
            </Button>
          </>
        ) : (
          <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} onClick={startCamera}>
            {photo ? 'Retake photo' : 'Open camera'}
          </Button>
        )}
        {photo ? (
          <Button variant="subtle" onClick={removePhoto}>
            Remove photo
          </Button>
        ) : null}
      </Group>
      <div>
        <Input.Label htmlFor={fileId} size="sm" fw={400}>
          Or choose a photo
        </Input.Label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void accept(file);
            event.currentTarget.value = '';
          }}
          style={{ display: 'block', fontSize: 'var(--mantine-font-size-sm)' }}
        />
      </div>
    </Stack>
  );
}
