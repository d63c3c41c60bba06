# capreg: a static binary on a distroless base. Build: docker build -t capreg .
# Run: docker run -p 8080:8080 -v "$PWD:/git/current:ro" capreg
# (arguments given to docker run replace CMD, and with it --addr :8080:
# serve would then listen on 127.0.0.1 only, unreachable from the host).
# The builder is the Go go.mod names: golang images do not fetch a newer
# toolchain (GOTOOLCHAIN=local), so a cached golang:1.26 older than it fails.
FROM golang:1.26.8 AS build
WORKDIR /src
COPY go.mod go.sum ./
# The modules go.sum pins come from proxy.golang.org unless GOPROXY names
# a module proxy of your own (docker build --build-arg
# GOPROXY=https://goproxy.example.com .), as a build without access to
# the internet needs; go.sum checks what it serves either way. Not a
# predefined build argument as HTTPS_PROXY is: it must be declared.
ARG GOPROXY
RUN go mod download
COPY . .
# VERSION names the build in capreg_build_info (docker build --build-arg
# VERSION=$(git describe --tags --always) .): .git is not copied in.
ARG VERSION=""
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/capreg ./cmd/capreg

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/capreg /capreg
# Numeric: Kubernetes checks runAsNonRoot against a number only, and refuses
# a named user unless the pod also sets runAsUser.
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/capreg"]
CMD ["serve", "--repo", "/git/current", "--addr", ":8080", "--log-format", "json"]
