# capreg: a static binary on a distroless base. Build: docker build -t capreg .
# Run: docker run -p 8080:8080 -v "$PWD:/git/current:ro" capreg
# (arguments given to docker run replace CMD, and with it --addr 0.0.0.0:8080:
# serve would then listen on 127.0.0.1 only, unreachable from the host).
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/capreg ./cmd/capreg

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/capreg /capreg
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/capreg"]
CMD ["serve", "--repo", "/git/current", "--addr", "0.0.0.0:8080", "--log-format", "json"]
